"""The director's calculator: the six adjusted-score calculations a director
chooses from, what each reads, and running one on what was typed.

Pure Python (no Django), like :mod:`bridge.scoring`, which does the arithmetic.
A calculation reads named inputs, each a string as typed on the calculator's
form (and as stored with a saved ruling); :func:`calculate` gives the scoring
module's result, or raises :class:`bridge.scoring.ScoringError` whose ``field``
names the input at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .scoring import (
    ScoringError,
    Vulnerability,
    parse_score,
    parse_scores,
    serious_error_imps,
    serious_error_matchpoints,
    split_imps,
    split_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)

# The longest text an input takes: a traveller of a few hundred tables fits.
MAX_INPUT_LENGTH = 4000


@dataclass(frozen=True)
class Input:
    """One input of a calculation: its name (a form field's, and the ``field`` of
    the :class:`ScoringError` it can cause), its label and how to write it."""

    name: str
    label: str
    help: str
    lines: bool = False  # typed on several lines (a traveller)


INPUTS: dict[str, Input] = {
    item.name: item
    for item in (
        Input(
            "field",
            "The other tables' NS scores",
            "From the traveller or the frequency table: +110 x5, +50 x3, -50 x2, -110 x2 "
            "(or one score per line; a number after a score is how many tables had it).",
            lines=True,
        ),
        Input(
            "weights",
            "The adjusted outcomes (NS scores) with their weights",
            "Each NS score and its weight, adding up to 1, separated by commas: +110 60%, -50 40% or "
            "-650 1/3, +300 2/3. A third is 1/3, ⅓, 33 1/3% or 33.3%: a percentage that rounds a simple "
            "fraction is read as that fraction.",
        ),
        Input("other_room", "NS score in the other room", "What the board scored for NS at the other table: +620."),
        Input("ns_score", "Score assigned to NS", "From NS's side: -400."),
        Input("ew_score", "Score assigned to EW", "From EW's side, as the reference writes it: -690."),
        Input(
            "normal",
            "Normal score (NS)",
            "What the board would have scored without the infraction: +110, or weighted: +110 60%, -50 40%.",
        ),
        Input(
            "expected",
            "Expected score (NS)",
            "What the non-offending side should have reached without its own error: +100, or weighted.",
        ),
        Input("table", "Table score (NS)", "What happened at the table: -530."),
        Input("offenders", "Offending side", "NS or EW."),
    )
}

OFFENDERS = ("EW", "NS")
VULNERABILITIES: tuple[tuple[str, str], ...] = (
    ("", "Not given (any score is allowed)"),
    (Vulnerability.NONE.value, "None vulnerable"),
    (Vulnerability.NS.value, "NS vulnerable"),
    (Vulnerability.EW.value, "EW vulnerable"),
    (Vulnerability.BOTH.value, "Both vulnerable"),
)


@dataclass(frozen=True)
class Calculation:
    slug: str
    form_of_scoring: str  # "pairs" or "teams"
    title: str
    law: str
    summary: str
    inputs: tuple[str, ...]
    run: Callable[[Mapping[str, str], Vulnerability | None], object]

    @property
    def heading(self) -> str:
        return f"{FORMS_OF_SCORING[self.form_of_scoring]}: {self.title.lower()}"


FORMS_OF_SCORING = {"pairs": "Pairs (matchpoints)", "teams": "Teams (IMPs: VP and knock-out)"}


def _split_pairs(inputs: Mapping[str, str], vulnerability: Vulnerability | None):
    field = parse_scores(inputs["field"], vulnerability, field="field")
    ns = parse_score(inputs["ns_score"], vulnerability, field="ns_score")
    ew = parse_score(inputs["ew_score"], None if vulnerability is None else vulnerability.seen_from_ew, field="ew_score")
    return split_matchpoints([(ns, ew), *field], vulnerability)


CALCULATIONS: dict[str, Calculation] = {
    calculation.slug: calculation
    for calculation in (
        Calculation(
            "pairs-weighted",
            "pairs",
            "Weighted score",
            "Law 12C1c",
            "The likely outcomes join the frequency table with their weights; each is matchpointed there "
            "and the weighted sum is the score. The other tables are matchpointed again.",
            ("field", "weights"),
            lambda inputs, vulnerability: weighted_matchpoints(inputs["field"], inputs["weights"], vulnerability),
        ),
        Calculation(
            "pairs-split",
            "pairs",
            "Split score",
            "Law 12C1f",
            "The two sides' scores need not balance: NS are matchpointed among the NS scores, "
            "EW among the EW scores.",
            ("field", "ns_score", "ew_score"),
            _split_pairs,
        ),
        Calculation(
            "pairs-serious-error",
            "pairs",
            "Serious error, wild or gambling action",
            "Law 12C1b",
            "The non-offending side gets its table score plus the consequent damage (normal less expected), "
            "never less than its table score nor more than the better of its table and normal scores; "
            "when the score is adjusted, the offending side gets the normal score. The working names the rule that applied.",
            ("field", "normal", "expected", "table", "offenders"),
            lambda inputs, vulnerability: serious_error_matchpoints(
                inputs["field"],
                normal=inputs["normal"],
                expected=inputs["expected"],
                table=inputs["table"],
                offenders=inputs["offenders"],
                vulnerability=vulnerability,
            ),
        ),
        Calculation(
            "teams-weighted",
            "teams",
            "Weighted score",
            "Law 12C1c",
            "Each outcome in this room is IMPed against the other room, and the IMPs are weighted.",
            ("weights", "other_room"),
            lambda inputs, vulnerability: weighted_imps(inputs["weights"], inputs["other_room"], vulnerability),
        ),
        Calculation(
            "teams-split",
            "teams",
            "Split score",
            "Laws 12C1f and 86B",
            "Each team's board is calculated on its own: in a VP match each keeps its IMPs; "
            "in a knock-out match both get the average.",
            ("ns_score", "ew_score", "other_room"),
            lambda inputs, vulnerability: split_imps(
                inputs["ns_score"], inputs["ew_score"], inputs["other_room"], vulnerability
            ),
        ),
        Calculation(
            "teams-serious-error",
            "teams",
            "Serious error, wild or gambling action",
            "Laws 12C1b and 86B",
            "The non-offending team gets its table score plus the consequent damage, never less than its "
            "table score nor more than the better of its table and normal scores; when the score is adjusted, the "
            "offending team gets the normal score. The working names the rule that applied. A VP match takes whole "
            "IMPs; a knock-out match the average.",
            ("other_room", "normal", "expected", "table", "offenders"),
            lambda inputs, vulnerability: serious_error_imps(
                inputs["other_room"],
                normal=inputs["normal"],
                expected=inputs["expected"],
                table=inputs["table"],
                offenders=inputs["offenders"],
                vulnerability=vulnerability,
            ),
        ),
    )
}


def calculation(slug: str) -> Calculation | None:
    return CALCULATIONS.get(slug)


def groups() -> list[tuple[str, list[Calculation]]]:
    """The calculations by form of scoring, as the calculator offers them."""
    return [
        (label, [chosen for chosen in CALCULATIONS.values() if chosen.form_of_scoring == key])
        for key, label in FORMS_OF_SCORING.items()
    ]


def vulnerability_from(text: str) -> Vulnerability | None:
    """The board's vulnerability as the form gives it ("" when not given)."""
    if not text:
        return None
    try:
        return Vulnerability(text)
    except ValueError:
        raise ScoringError(f"{text[:12]!r} is not a vulnerability: none, NS, EW or both", field="vulnerability") from None


def calculate(chosen: Calculation, inputs: Mapping[str, str], vulnerability: str = ""):
    """Run ``chosen`` on the typed ``inputs``: its result, with the working.

    Every input the calculation reads must be there and not blank, and no
    longer than :data:`MAX_INPUT_LENGTH`; a :class:`ScoringError` names the
    first that is not, or the first the calculation refuses.
    """
    for name in chosen.inputs:
        text = inputs.get(name, "")
        if not text.strip():
            raise ScoringError(f"{INPUTS[name].label}: this is needed", field=name)
        if len(text) > MAX_INPUT_LENGTH:
            raise ScoringError(
                f"{INPUTS[name].label}: at most {MAX_INPUT_LENGTH} characters", field=name
            )
    return chosen.run({name: inputs[name] for name in chosen.inputs}, vulnerability_from(vulnerability))
