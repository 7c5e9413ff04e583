from django.conf import settings


def casino(request):
    context = {"demo_mode": settings.DEMO_MODE}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        from casino.ledger import balances_of

        context["header_balances"] = balances_of(user)
    return context
