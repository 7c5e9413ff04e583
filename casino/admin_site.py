from functools import wraps

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _


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
            return inner(request, *args, **kwargs)

        return staff_only
