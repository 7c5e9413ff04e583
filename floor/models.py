"""The floor's own records (alerts and their rules)."""
