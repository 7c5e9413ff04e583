"""The floor's liability pages (included by floor/urls.py)."""

urlpatterns: list = []
