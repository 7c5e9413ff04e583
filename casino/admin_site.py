from contextvars import ContextVar
from functools import wraps

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

# the request an admin view is answering, while it renders: a read-only field's link to another
# object asks it whether its reader may open that object (casino.admin.readonly_link)
current_request: ContextVar = ContextVar("admin_request", default=None)


class CasinoAdminSite(admin.AdminSite):
    site_header = _("Casino staff")
    site_title = _("Casino staff")
    index_title = _("Administration")

    def admin_view(self, view, cacheable=False):
        """A logged-in player who is not staff gets 403 Forbidden, not the staff login form."""
        inner = super().admin_view(view, cacheable)

        @wraps(view)
        def staff_only(request, *args, **kwargs):
            if request.user.is_authenticated and not request.user.is_staff:
                raise PermissionDenied
            token = current_request.set(request)
            try:
                response = inner(request, *args, **kwargs)
                if not getattr(response, "is_rendered", True):  # a TemplateResponse: now
                    response.render()
                return response
            finally:
                current_request.reset(token)

        return staff_only
