"""Controls and links by role: ``{% load roles %}{% if user|may:"trade_line" %}`` asks the same
permission (casino/roles.py) the view and the service check, so nobody is offered what would
answer 403. The permissions are read once per user object (Django caches them on it), so a
socket that checked one permission on connect renders its fragments without a query."""

from django import template

register = template.Library()


@register.filter
def may(user, codename: str) -> bool:
    """Whether ``user`` holds ``casino.<codename>`` (or the full "app.codename")."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return user.has_perm(codename if "." in codename else f"casino.{codename}")
