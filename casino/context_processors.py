from django.conf import settings


def casino(request):
    context = {"demo_mode": settings.DEMO_MODE}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        from casino import notices
        from casino.ledger import balances_of

        context["header_balances"] = balances_of(user)
        # issue 45: a player's open notices on every page, rendered with it (the header socket
        # keeps them current)
        opened = notices.open_notices(user.pk)
        notices.notices_shown(opened)
        context["header_notices"] = notices.notice_items(opened)
    return context
