"""The floor's report pages (included by floor/urls.py)."""

urlpatterns: list = []
