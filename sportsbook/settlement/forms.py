"""Results entry (issue 4 §5): the forms a trader enters an event's official result with.

One layout per sport (`SPORT_LAYOUTS`) built from small forms and formsets; `ResultEntry.
result_dict()` turns them into the dict `settlement.results.EventResult.from_dict` validates (its
ValueError is shown as is); `JsonResultForm` takes the result as JSON. The page is the trader's
(`trading.views.result_entry`); the write, `settlement.services.event_result_set`.
"""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sportsbook.settlement.results import EventResult

TEAM_CHOICES = [("1", _("home / first")), ("2", _("away / second"))]
TEAM_OR_NONE = [("", "—"), *TEAM_CHOICES]


# --- results entry: the rows ----------------------------------------------------------------------


def _number(label, required=False, minimum=0, maximum=999):
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=minimum,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"class": "num"}),
    )


def _filled(value) -> bool:
    """0 is a score, not a blank."""
    return value is not None and value is not False and value != ""


class RowForm(forms.Form):
    """A repeating row: blank rows are skipped, partly filled ones must be complete."""

    required_fields: tuple[str, ...] = ()

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {}) or {}
        return not any(_filled(data.get(name)) for name in self.fields if name != "finished")

    def clean(self):
        data = super().clean()
        if not self.is_blank():
            for name in self.required_fields:
                if data.get(name) in (None, ""):
                    self.add_error(name, _("This field is required."))
        return data


class PeriodForm(RowForm):
    home = _number(_("home"))
    away = _number(pgettext_lazy("team", "away"))
    finished = forms.BooleanField(
        label=pgettext_lazy("part of a match", "finished"), required=False, initial=True
    )
    required_fields = ("home", "away")

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {}) or {}
        return data.get("home") is None and data.get("away") is None


class ScoreRowForm(RowForm):
    home = _number(_("home"))
    away = _number(pgettext_lazy("team", "away"))
    required_fields = ("home", "away")


class SetForm(RowForm):
    home = _number(_("games 1"))
    away = _number(_("games 2"))
    tiebreak_home = _number(_("tie-break 1"))
    tiebreak_away = _number(_("tie-break 2"))
    game_points = forms.CharField(
        label=_("points of every game"),
        required=False,
        max_length=400,
        help_text=_("optional, e.g. 4:2 1:4 5:3 … (needed for “game X of set Y”)"),
    )
    finished = forms.BooleanField(
        label=pgettext_lazy("part of a match", "finished"), required=False, initial=True
    )
    required_fields = ("home", "away")

    def clean(self):
        data = super().clean()
        if self.is_blank() or self.errors:
            return data
        points = []
        for item in (data.get("game_points") or "").replace(",", " ").split():
            try:
                home, away = (int(part) for part in item.split(":"))
            except ValueError:
                self.add_error("game_points", _("Write each game as points:points, e.g. 4:2."))
                return data
            points.append({"home": home, "away": away})
        tiebreak = (data.get("tiebreak_home"), data.get("tiebreak_away"))
        if any(value is not None for value in tiebreak):
            if None in tiebreak:
                self.add_error("tiebreak_away", _("Give both sides' tie-break points."))
                return data
            if not points:
                self.add_error(
                    "game_points",
                    _(
                        "A tie-break is recorded as the set's last game: "
                        "give the other games' points too."
                    ),
                )
                return data
            points.append({"home": tiebreak[0], "away": tiebreak[1]})
        data["points"] = points
        return data


class GoalForm(RowForm):
    minute = _number(_("minute"), maximum=200)
    team = forms.ChoiceField(label=_("team"), choices=TEAM_OR_NONE, required=False)
    scorer = forms.CharField(label=_("scorer"), max_length=80, required=False)
    own_goal = forms.BooleanField(label=_("own goal"), required=False)
    required_fields = ("minute", "team")


class CardForm(RowForm):
    minute = _number(_("minute"), maximum=200)
    team = forms.ChoiceField(label=_("team"), choices=TEAM_OR_NONE, required=False)
    colour = forms.ChoiceField(
        label=_("card"),
        required=False,
        choices=[("", "—"), ("yellow", _("yellow")), ("red", _("red"))],
    )
    player = forms.CharField(label=_("player"), max_length=80, required=False)
    place = forms.ChoiceField(
        label=_("shown to"),
        required=False,
        choices=[
            ("pitch", _("player on the pitch")),
            ("bench", _("substitute on the bench")),
            ("staff", _("coach or staff")),
            ("after_final_whistle", _("after the final whistle")),
        ],
    )
    required_fields = ("minute", "team", "colour")

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {}) or {}
        return not any(_filled(data.get(name)) for name in ("minute", "team", "colour", "player"))


class SubstitutionForm(RowForm):
    minute = _number(_("minute"), maximum=200)
    team = forms.ChoiceField(label=_("team"), choices=TEAM_OR_NONE, required=False)
    player_in = forms.CharField(label=_("on"), max_length=80, required=False)
    player_out = forms.CharField(label=_("off"), max_length=80, required=False)
    required_fields = ("minute", "team", "player_in", "player_out")


class StandingForm(RowForm):
    participant = forms.CharField(label=_("participant (code)"), max_length=40, required=False)
    position = _number(_("position"), minimum=1)
    laps = _number(_("laps"), maximum=500)
    did_not_start = forms.BooleanField(label=_("did not start"), required=False)
    required_fields = ("participant",)

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {}) or {}
        return not data.get("participant")


ENDING_CHOICES = [
    ("completed", _("completed")),
    ("abandoned", _("abandoned (stopped, not completed in time)")),
    ("retired", _("a participant retired")),
    ("disqualification", _("disqualification")),
    ("no_contest", _("no contest")),
    ("postponed", _("postponed beyond the deadline")),
    ("cancelled", _("cancelled")),
    ("venue_moved_to_away_ground", _("venue moved to the away team's ground (SB §1.10)")),
    ("foul_play_void", _("void: foul play proven (SB §1.10)")),
]


class ResultHeaderForm(forms.Form):
    """What every sport has: how the event ended, when, and who went through."""

    ending = forms.ChoiceField(label=_("how the event ended"), choices=ENDING_CHOICES)
    minutes_played = _number(_("minutes played (if stopped)"), maximum=300)
    is_friendly = forms.BooleanField(label=_("friendly match (SB §4.1)"), required=False)
    official_result = forms.BooleanField(
        label=_("official result declared by the governing body"), required=False
    )
    advances = forms.ChoiceField(
        label=_("goes through to the next round"), choices=TEAM_OR_NONE, required=False
    )
    mark_finished = forms.BooleanField(
        label=_("mark the event finished now (settlement in 20 minutes, SB §6.1)"),
        required=False,
    )


class FootballExtrasForm(forms.Form):
    corners_home = _number(_("corners, home"))
    corners_away = _number(_("corners, away"))
    lineup_home = forms.CharField(
        label=_("starting line-up, home (one player a line)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 22}),
    )
    lineup_away = forms.CharField(
        label=_("starting line-up, away (one player a line)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 22}),
    )

    def clean(self):
        data = super().clean()
        if (data.get("corners_home") is None) != (data.get("corners_away") is None):
            raise forms.ValidationError(_("Give both teams' corners, or neither."))
        return data


class ShootoutForm(forms.Form):
    shootout_home = _number(_("shoot-out, home"))
    shootout_away = _number(_("shoot-out, away"))

    def clean(self):
        data = super().clean()
        if (data.get("shootout_home") is None) != (data.get("shootout_away") is None):
            raise forms.ValidationError(_("Give both sides of the shoot-out, or neither."))
        return data


class TennisForm(forms.Form):
    retired = forms.ChoiceField(label=_("retired (who)"), choices=TEAM_OR_NONE, required=False)


class BasketballForm(forms.Form):
    nba = forms.BooleanField(label=_("NBA match (48 minutes)"), required=False)


class FightForm(forms.Form):
    scheduled_rounds = _number(_("scheduled rounds"), required=True, minimum=1, maximum=15)
    round = _number(_("round the fight ended in"), required=True, minimum=1, maximum=15)
    between_rounds = forms.BooleanField(
        label=_("ended between rounds (the bell of that round never rang)"), required=False
    )
    method = forms.ChoiceField(
        label=_("how"),
        choices=[
            ("ko", _("knock-out")),
            ("tko", _("technical knock-out")),
            ("points", _("on points")),
            ("dq", _("disqualification")),
            ("retired", _("retired")),
            ("draw", _("draw")),
            ("no_contest", _("no contest")),
        ],
    )
    winner = forms.ChoiceField(label=_("winner"), choices=TEAM_OR_NONE, required=False)
    rounds_changed = forms.BooleanField(
        label=_("scheduled length deliberately changed (SB §4.7)"), required=False
    )


class JsonResultForm(forms.Form):
    """The advanced fallback: the EventResult as JSON."""

    result_json = forms.CharField(
        label=_("result as JSON"), widget=forms.Textarea(attrs={"rows": 14, "cols": 80})
    )

    def clean_result_json(self):
        try:
            data = json.loads(self.cleaned_data["result_json"])
        except json.JSONDecodeError as error:
            raise forms.ValidationError(_("Not valid JSON: %(error)s") % {"error": error}) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("The result is a JSON object."))
        return data


# --- results entry: the layout per sport ---------------------------------------------------

PeriodFormSet = forms.formset_factory(PeriodForm, extra=0)
ScoreRowFormSet = forms.formset_factory(ScoreRowForm, extra=0)
SetFormSet = forms.formset_factory(SetForm, extra=0)
GoalFormSet = forms.formset_factory(GoalForm, extra=0)
CardFormSet = forms.formset_factory(CardForm, extra=0)
SubstitutionFormSet = forms.formset_factory(SubstitutionForm, extra=0)
StandingFormSet = forms.formset_factory(StandingForm, extra=0)

# sport -> (periods and their label, extra period rows, the sections of its form)
SPORT_LAYOUTS = {
    "football": {
        "periods": 2,
        "period_label": pgettext_lazy("football", "half"),
        "overtime": 2,
        "overtime_label": _("extra time"),
        "sections": ("goals", "corners_lineups", "cards", "substitutions", "shootout"),
    },
    "hockey": {
        "periods": 3,
        "period_label": pgettext_lazy("hockey", "period"),
        "overtime": 1,
        "overtime_label": _("overtime"),
        "sections": ("goals", "shootout"),
    },
    "basketball": {
        "periods": 4,
        "period_label": _("quarter"),
        "overtime": 2,
        "overtime_label": _("overtime"),
        "sections": ("basketball",),
    },
    "tennis": {"sets": 5, "sections": ("tennis",)},
    "boxing": {"sections": ("fight",)},
    "formula1": {"standings": 6, "sections": ()},
}
GENERIC_LAYOUT = {
    "periods": 2,
    "period_label": _("period"),
    "overtime": 1,
    "overtime_label": _("overtime"),
    "sections": ("standings",),
}
EXTRA_ROWS = {"goals": 4, "cards": 3, "substitutions": 3, "standings": 2}


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


class ResultEntry:
    """All the forms of one sport's results page, bound or filled from a stored result."""

    def __init__(self, sport: str, data=None, result: dict | None = None, more: str = ""):
        self.sport = sport
        self.layout = SPORT_LAYOUTS.get(sport, GENERIC_LAYOUT)
        self.data = data
        initial = _initial_from_result(result or {}, self.layout)
        sections = self.layout["sections"]
        self.header = ResultHeaderForm(data, prefix="h", initial=initial["header"])
        self.parts: dict[str, forms.Form] = {}
        self.formsets: dict[str, forms.BaseFormSet] = {}
        if "periods" in self.layout:
            self._formset("periods", PeriodFormSet, initial["periods"], self.layout["periods"])
            self._formset("overtime", ScoreRowFormSet, initial["overtime"], self.layout["overtime"])
        if "sets" in self.layout:
            self._formset("sets", SetFormSet, initial["sets"], self.layout["sets"])
        if "standings" in self.layout or "standings" in sections:
            self._formset(
                "standings",
                StandingFormSet,
                initial["standings"],
                self.layout.get("standings", 0),
                more == "standings",
            )
        for name, formset in (
            ("goals", GoalFormSet),
            ("cards", CardFormSet),
            ("substitutions", SubstitutionFormSet),
        ):
            if name in sections:
                self._formset(name, formset, initial[name], 0, more == name)
        for name, form_class in (
            ("corners_lineups", FootballExtrasForm),
            ("shootout", ShootoutForm),
            ("tennis", TennisForm),
            ("basketball", BasketballForm),
            ("fight", FightForm),
        ):
            if name in sections:
                self.parts[name] = form_class(data, prefix=name, initial=initial["parts"])
        self.error: str | None = None

    def _formset(self, name, formset_class, rows, minimum, add_more=False):
        extra = EXTRA_ROWS.get(name, 0) + (EXTRA_ROWS.get(name, 0) if add_more else 0)
        total = max(len(rows), minimum) + extra
        if self.data is not None:
            data = self.data.copy()
            key = f"{name}-TOTAL_FORMS"
            try:
                bound_total = int(data.get(key, 0))
            except ValueError:
                bound_total = 0
            if add_more:
                data[key] = str(min(bound_total + EXTRA_ROWS.get(name, 3), 60))
            self.formsets[name] = formset_class(data, prefix=name)
        else:
            padded = list(rows) + [{} for _ in range(total - len(rows))]
            formset = formset_class(prefix=name, initial=padded)
            formset.extra = 0
            self.formsets[name] = formset

    def forms(self):
        return [self.header, *self.parts.values()]

    def is_valid(self) -> bool:
        valid = all([f.is_valid() for f in self.forms()])
        valid = all([fs.is_valid() for fs in self.formsets.values()]) and valid
        if not valid:
            return False
        try:
            self.checked = EventResult.from_dict(self.result_dict()).to_dict()
        except ValueError as error:
            self.error = str(error)
            return False
        return True

    def _rows(self, name) -> list[dict]:
        formset = self.formsets.get(name)
        if formset is None:
            return []
        return [form.cleaned_data for form in formset.forms if not form.is_blank()]

    def result_dict(self) -> dict:
        """The EventResult dict (not yet validated) of the cleaned forms."""
        head = self.header.cleaned_data
        result: dict = {"sport": self.sport, "ending": head["ending"]}
        if head.get("minutes_played") is not None:
            result["minutes_played"] = head["minutes_played"]
        for flag in ("is_friendly", "official_result"):
            if head.get(flag):
                result[flag] = True
        if head.get("advances"):
            result["advances"] = head["advances"]
        if "periods" in self.formsets:
            result["periods"] = [
                {"home": r["home"], "away": r["away"], "finished": bool(r["finished"])}
                for r in self._rows("periods")
            ]
            result["overtime"] = [
                {"home": r["home"], "away": r["away"]} for r in self._rows("overtime")
            ]
        if "sets" in self.formsets:
            result["periods"] = [
                {
                    "home": r["home"],
                    "away": r["away"],
                    "finished": bool(r["finished"]),
                    "game_points": r.get("points", []),
                }
                for r in self._rows("sets")
            ]
        result["goals"] = [
            {
                "minute": r["minute"],
                "team": r["team"],
                "scorer": r["scorer"] or None,
                "own_goal": bool(r["own_goal"]),
            }
            for r in self._rows("goals")
        ]
        result["cards"] = [
            {
                "minute": r["minute"],
                "team": r["team"],
                "colour": r["colour"],
                "player": r["player"] or None,
                "place": r["place"] or "pitch",
            }
            for r in self._rows("cards")
        ]
        result["substitutions"] = [
            {k: r[k] for k in ("minute", "team", "player_in", "player_out")}
            for r in self._rows("substitutions")
        ]
        result["standings"] = [
            {
                "participant": r["participant"],
                "position": r["position"],
                "laps": r["laps"],
                "started": not r["did_not_start"],
            }
            for r in self._rows("standings")
        ]
        extras = self.parts.get("corners_lineups")
        if extras is not None:
            data = extras.cleaned_data
            if data.get("corners_home") is not None:
                result["corners"] = {"home": data["corners_home"], "away": data["corners_away"]}
            lineups = [_lines(data.get("lineup_home")), _lines(data.get("lineup_away"))]
            if any(lineups):
                result["lineups"] = lineups
        shootout = self.parts.get("shootout")
        if shootout is not None and shootout.cleaned_data.get("shootout_home") is not None:
            result["shootout"] = {
                "home": shootout.cleaned_data["shootout_home"],
                "away": shootout.cleaned_data["shootout_away"],
            }
        tennis = self.parts.get("tennis")
        if tennis is not None and tennis.cleaned_data.get("retired"):
            result["retired"] = tennis.cleaned_data["retired"]
        basketball = self.parts.get("basketball")
        if basketball is not None and basketball.cleaned_data.get("nba"):
            result["nba"] = True
        fight = self.parts.get("fight")
        if fight is not None:
            data = fight.cleaned_data
            result["fight"] = {
                "scheduled_rounds": data["scheduled_rounds"],
                "round": data["round"],
                "method": data["method"],
                "winner": data["winner"] or None,
                "between_rounds": bool(data["between_rounds"]),
                "rounds_changed": bool(data["rounds_changed"]),
            }
            if data["method"] == "dq" and data["winner"]:
                result["disqualified"] = "2" if data["winner"] == "1" else "1"
        return {key: value for key, value in result.items() if value != []}


def _initial_from_result(result: dict, layout: dict) -> dict:
    """Form initial values from a stored EventResult dict (a correction starts from it)."""
    parts: dict = {}
    header = {
        "ending": result.get("ending", "completed"),
        "minutes_played": result.get("minutes_played"),
        "is_friendly": result.get("is_friendly", False),
        "official_result": result.get("official_result", False),
        "advances": result.get("advances") or "",
    }
    periods = [
        {"home": p["home"], "away": p["away"], "finished": p.get("finished", True)}
        for p in result.get("periods", [])
    ]
    sets = []
    for p in result.get("periods", []):
        games = [f"{g['home']}:{g['away']}" for g in p.get("game_points", [])]
        sets.append(
            {
                "home": p["home"],
                "away": p["away"],
                "finished": p.get("finished", True),
                "game_points": " ".join(games),
            }
        )
    if result.get("corners"):
        parts["corners_home"] = result["corners"]["home"]
        parts["corners_away"] = result["corners"]["away"]
    lineups = result.get("lineups") or [[], []]
    parts["lineup_home"] = "\n".join(lineups[0])
    parts["lineup_away"] = "\n".join(lineups[1])
    if result.get("shootout"):
        parts["shootout_home"] = result["shootout"]["home"]
        parts["shootout_away"] = result["shootout"]["away"]
    parts["retired"] = result.get("retired") or ""
    parts["nba"] = result.get("nba", False)
    fight = result.get("fight")
    if fight:
        parts.update(
            {
                "scheduled_rounds": fight["scheduled_rounds"],
                "round": fight["round"],
                "method": fight["method"],
                "winner": fight.get("winner") or "",
                "between_rounds": fight.get("between_rounds", False),
                "rounds_changed": fight.get("rounds_changed", False),
            }
        )
    return {
        "header": header,
        "parts": parts,
        "periods": periods,
        "overtime": list(result.get("overtime", [])),
        "sets": sets,
        "goals": [
            {
                "minute": g["minute"],
                "team": g["team"],
                "scorer": g.get("scorer") or "",
                "own_goal": g.get("own_goal", False),
            }
            for g in result.get("goals", [])
        ],
        "cards": [
            {
                "minute": c["minute"],
                "team": c["team"],
                "colour": c["colour"],
                "player": c.get("player") or "",
                "place": c.get("place", "pitch"),
            }
            for c in result.get("cards", [])
        ],
        "substitutions": list(result.get("substitutions", [])),
        "standings": [
            {
                "participant": s["participant"],
                "position": s.get("position"),
                "laps": s.get("laps"),
                "did_not_start": not s.get("started", True),
            }
            for s in result.get("standings", [])
        ],
    }
