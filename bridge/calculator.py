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
            "-650 1/3, +300 2/3. A third is 1/3, ⅓, 33 1/3%, 33.3% or 0.333: a percentage or a decimal that "
            "rounds a simple fraction is read as that fraction.",
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
        Input(
            "table",
            "Table score (NS)",
            "What happened at the table: -530. For a weighted score it may be left out; "
            "given, with the offending side, it stands if the weighted score is no better for the non-offenders.",
        ),
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
class Law:
    """A Law of Duplicate Bridge (2017) a calculation applies, in the reference's words."""

    number: str
    subject: str
    text: str

    @property
    def name(self) -> str:
        return f"Law {self.number}"


LAWS: dict[str, Law] = {
    law.number: law
    for law in (
        Law(
            "12C1b",
            "serious error, wild or gambling action",
            "If, subsequent to the irregularity, the non-offending side has contributed to its own damage by a "
            "serious error (unrelated to the infraction) or by wild or gambling action it does not receive relief "
            "in the adjustment for such part of the damage that is self-inflicted. The offending side should be "
            "awarded the score that it would have been allotted as the consequence of its infraction only.",
        ),
        Law(
            "12C1c",
            "weighted score",
            "In order to do equity, and unless the Regulating Authority forbids it, an assigned adjusted score may "
            "be weighted to reflect the probabilities of a number of potential results.",
        ),
        Law("12C1f", "split score", "The scores awarded to the two sides need not balance."),
        Law(
            "78A",
            "matchpoints",
            "In matchpoint scoring each contestant is awarded, for scores made by different contestants who have "
            "played the same board and whose scores are compared with his, two scoring units (matchpoints or half "
            "matchpoints) for each score inferior to his, one scoring unit for each score equal to his, and zero "
            "scoring units for each score superior to his.",
        ),
        Law(
            "86B",
            "non-balancing scores in a knock-out match",
            "When the Director awards non-balancing adjusted scores (see Law 12C) in knockout play, each "
            "contestant's score on the board is calculated separately. The average of the two scores is then "
            "assigned to each contestant.",
        ),
    )
}


@dataclass(frozen=True)
class Calculation:
    slug: str
    form_of_scoring: str  # "pairs" or "teams"
    title: str
    laws: tuple[str, ...]  # keys of LAWS, the Law the calculation applies first
    summary: str
    inputs: tuple[str, ...]
    run: Callable[[Mapping[str, str], Vulnerability | None], object]
    optional: tuple[str, ...] = ()  # inputs that may be left blank

    @property
    def heading(self) -> str:
        return f"{FORMS_OF_SCORING[self.form_of_scoring]}: {self.title.lower()}"

    @property
    def law(self) -> str:
        """``Law 12C1c``, ``Laws 12C1f and 86B``."""
        if len(self.laws) == 1:
            return f"Law {self.laws[0]}"
        return "Laws " + ", ".join(self.laws[:-1]) + " and " + self.laws[-1]

    @property
    def applied_laws(self) -> tuple[Law, ...]:
        return tuple(LAWS[number] for number in self.laws)


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
            ("12C1c",),
            "Each likely outcome is matchpointed as if it alone had happened, and the weighted sum is the score; "
            "the outcomes also join the frequency table with their weights, which matchpoints the other tables "
            "again. Given the table result, it stands if the weighted score is no better for the non-offenders.",
            ("field", "weights", "table", "offenders"),
            lambda inputs, vulnerability: weighted_matchpoints(
                inputs["field"],
                inputs["weights"],
                vulnerability,
                table=inputs.get("table"),
                offenders=inputs.get("offenders"),
            ),
            optional=("table", "offenders"),
        ),
        Calculation(
            "pairs-split",
            "pairs",
            "Split score",
            ("12C1f", "78A"),
            "The two sides' scores need not balance: NS are matchpointed among the NS scores, "
            "EW among the EW scores.",
            ("field", "ns_score", "ew_score"),
            _split_pairs,
        ),
        Calculation(
            "pairs-serious-error",
            "pairs",
            "Serious error, wild or gambling action",
            ("12C1b",),
            "Whenever the non-offending side's table score is below its normal score, the offending side gets the "
            "normal score and the non-offending side its table score plus the consequent damage (normal less "
            "expected, at least 0); otherwise the table score stands. The working names the rule that applied.",
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
            ("12C1c",),
            "Each outcome in this room is IMPed against the other room, and the IMPs are weighted. Given the "
            "table result, it stands if the weighted score is no better for the non-offenders.",
            ("weights", "other_room", "table", "offenders"),
            lambda inputs, vulnerability: weighted_imps(
                inputs["weights"],
                inputs["other_room"],
                vulnerability,
                table=inputs.get("table"),
                offenders=inputs.get("offenders"),
            ),
            optional=("table", "offenders"),
        ),
        Calculation(
            "teams-split",
            "teams",
            "Split score",
            ("12C1f", "86B"),
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
            ("12C1b", "86B"),
            "Whenever the non-offending team's table score is below its normal score, the offending team gets the "
            "normal score and the non-offending team its table score plus the consequent damage (normal less "
            "expected, at least 0); otherwise the table score stands. The working names the rule that applied. "
            "A VP match takes whole IMPs; a knock-out match the average.",
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

    Every input the calculation reads must be there and not blank (but its
    optional ones), and no longer than :data:`MAX_INPUT_LENGTH`; a
    :class:`ScoringError` names the first that is not, or the first the
    calculation refuses.
    """
    for name in chosen.inputs:
        text = inputs.get(name, "")
        if not text.strip():
            if name in chosen.optional:
                continue
            raise ScoringError(f"{INPUTS[name].label}: this is needed", field=name)
        if len(text) > MAX_INPUT_LENGTH:
            raise ScoringError(
                f"{INPUTS[name].label}: at most {MAX_INPUT_LENGTH} characters", field=name
            )
    return chosen.run({name: inputs.get(name, "") for name in chosen.inputs}, vulnerability_from(vulnerability))
