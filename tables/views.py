"""Table pages: the live table, sitting down from the lobby, the hand history and replays, and
for staff a table's own view and the staff acts (pause, resume, void, remove, close, open); the
floor of every table is the floor app's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from casino.limits import StakeRefused
from tables import selectors, services
from tables.engines import dice, shuffle
from tables.engines.registry import engine_for
from tables.models import Hand, Table
from tables.presentation import presentation_for
from tables.presenters import board_context, board_html, staff_act_text


@login_required
def table_page(request, table_id: int):
    try:
        view = services.table_snapshot(table_id=table_id, player=request.user)
    except services.TableError:
        raise Http404 from None
    table = get_object_or_404(Table, pk=table_id)
    # the board is a Jinja2 template, rendered (and escaped) by itself
    board = mark_safe(board_html(view, oob=False))  # noqa: S308
    context = {**board_context(view), "table_obj": table, "board": board}
    return render(request, context["presentation"].page_template, context)


@login_required
@require_POST
def table_sit(request, table_id: int):
    """Sit down from the lobby (a plain form, or htmx, which is told where to go next)."""
    try:
        services.table_sit(table_id=table_id, player=request.user)
    except (services.TableError, StakeRefused) as refusal:
        messages.error(request, str(refusal))
        target = reverse("lobby")
    else:
        target = reverse("table", args=[table_id])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


@login_required
def hand_list(request, table_id: int):
    table = get_object_or_404(Table, pk=table_id)
    hands = selectors.finished_hands(table, request.user)
    # each hand's result is shown by the game's partial (tables/games: result_template), with
    # the players' names and what each won or lost (selectors.hands_told)
    context = {
        "table_obj": table,
        "presentation": presentation_for(table.game),
        "committed_dice": _dice_game(table.game),
    }
    if request.htmx and request.GET.get("panel"):
        # the table page's hand-history panel: the latest hands, refreshed while it is open
        hands = selectors.hands_told(hands[:8])
        return render(request, "tables/_hand_panel.html", {**context, "hands": hands})
    return render(
        request, "tables/hand_list.html", {**context, "hands": selectors.hands_told(hands)}
    )


@login_required
def hand_detail(request, table_id: int, number: int):
    hand = get_object_or_404(Hand.objects.shown(), table_id=table_id, number=number)
    if not selectors.can_see_hand(hand, request.user):
        raise Http404
    # the steps once the hand is over; the shuffle once what it covered (the hand, or the whole
    # shoe it was dealt from) is over: revealing a shoe early would give away the next cards
    story = selectors.hand_story(hand, request.user) if hand.ended_at else {}
    selectors.hands_told([hand])
    verified = hand.revealed and shuffle.verify(hand.deck_record, hand.secret, hand.commitment)
    context = {
        "hand": hand,
        "table_obj": hand.table,
        "steps": story.get("steps", []),
        "names": story.get("names", {}),
        "net": story.get("net", []),
        "verified": verified,
        # each step's public facts and cards are shown by the game's replay partial
        "presentation": presentation_for(hand.table.game),
        **_committed(hand),
    }
    return render(request, "tables/hand_detail.html", context)


def _dice_game(game: str) -> bool:
    """Whether the game's commitments cover dice faces (its engine's secrets are dice tokens,
    ``token_pattern``), not a deck's order."""
    return dice.commits_dice(engine_for(game))


def _committed(hand: Hand) -> dict:
    """What the hand's commitment covers, for its page's words: dice faces for an engine whose
    secrets are dice tokens (``token_pattern``), each revealed face by its die; else a deck."""
    if not _dice_game(hand.table.game):
        return {"committed_dice": False}
    faces = []
    if hand.revealed and hand.deck_record:
        for token in hand.deck_record.split(","):
            faces.append({"die": token.partition("d")[0], "face": dice.face_of(token)})
    return {"committed_dice": True, "dice_faces": faces}


# --- the pit boss's monitor ---------------------------------------------------------------------


@require_GET
@login_required
@permission_required(services.PIT_PERMISSION, raise_exception=True)
def table_staff(request, table_id: int):
    """A table's staff view: the public board live (during a hand the pit boss sees what the
    public sees, nothing more), the seats with their removal, the staff acts with their reason,
    the staff log and the hand history, each finished hand recalled in full."""
    try:
        view = services.table_snapshot(table_id=table_id, player=None)
    except services.TableError:
        raise Http404 from None
    table = get_object_or_404(Table, pk=table_id)
    board = mark_safe(board_html(view, oob=False))  # noqa: S308
    rows = selectors.pit_rows(table_id)
    context = {
        **board_context(view),
        "table_obj": table,
        "board": board,
        "t": rows[0],
        "staff_log": selectors.staff_log(table),
        "hands": selectors.hands_told(list(selectors.finished_hands(table, request.user)[:50])),
        "can_void": request.user.has_perm(services.VOID_PERMISSION),
    }
    return render(request, "tables/staff.html", context)


@require_POST
@login_required
@permission_required(services.PIT_PERMISSION, raise_exception=True)
def pit_act(request, table_id: int):
    """A staff act on one table through the table actor; a refusal is a message, not an error
    page, and changes nothing."""
    get_object_or_404(Table, pk=table_id)
    act = request.POST.get("act", "")
    reason = request.POST.get("reason", "").strip()
    seat = request.POST.get("seat", "")
    error = None
    try:
        services.table_staff_act(
            table_id=table_id,
            staff=request.user,
            act=act,
            reason=reason,
            seat=int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 4 else None,
            when=request.POST.get("when", "end_of_hand"),
        )
    except services.TableError as refusal:
        error = str(refusal)
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("Done: %(act)s.") % {"act": staff_act_text(act)})
        back = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
            back = reverse("pit")
        return redirect(back)
    rows = selectors.pit_rows(table_id)
    if not rows:  # deleted meanwhile (the admin may)
        raise Http404
    return render(request, "tables/_pit_row.html", {"t": rows[0], "error": error})
