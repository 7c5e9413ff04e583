"""The floor's alert pages (included by floor/urls.py)."""

urlpatterns: list = []
