"""Pure game engines (no Django imports): see DESIGN.md "Game engines"."""
