"""Adjusted scores at bridge, calculated as a tournament director does it, with the
working laid out like the reference's tables (RULES.md describes every function).

Laws of Duplicate Bridge 2017: 12C1b (serious error, wild or gambling action),
12C1c (weighted scores), 12C1f (split scores), 78A (matchpoints), 78B (IMPs),
86B (non-balancing scores in a knock-out match).

Everything is exact (``Fraction``); :func:`display` writes a figure as the
reference does, to one decimal.
"""

from .figures import Figure, ScoringError, Side, display, rounded
from .pairs import (
    FrequencyRow,
    Scenario,
    SplitMatchpoints,
    SplitRow,
    TableMatchpoints,
    WeightedMatchpoints,
    WeightedOutcome,
    matchpoints,
    other_tables_matchpoints,
    split_matchpoints,
    weighted_matchpoints,
)
from .parsing import (
    Outcome,
    as_outcomes,
    as_weight,
    format_outcomes,
    format_score,
    format_scores,
    format_weight,
    parse_outcomes,
    parse_score,
    parse_scores,
    parse_weight,
)
from .scores import (
    IMP_SCALE,
    Strain,
    Vulnerability,
    check_score,
    contract_score,
    imps,
    is_possible_score,
    possible_scores,
)
from .serious_error import (
    ScoreLine,
    SeriousError,
    SeriousErrorImps,
    SeriousErrorMatchpoints,
    serious_error_imps,
    serious_error_matchpoints,
)
from .teams import (
    ImpRow,
    KnockoutAverage,
    SplitImps,
    TeamBoard,
    WeightedImps,
    knockout_average,
    split_imps,
    weighted_imps,
)

__all__ = [
    "IMP_SCALE",
    "Figure",
    "FrequencyRow",
    "ImpRow",
    "KnockoutAverage",
    "Outcome",
    "Scenario",
    "ScoreLine",
    "ScoringError",
    "SeriousError",
    "SeriousErrorImps",
    "SeriousErrorMatchpoints",
    "Side",
    "SplitImps",
    "SplitMatchpoints",
    "SplitRow",
    "Strain",
    "TableMatchpoints",
    "TeamBoard",
    "Vulnerability",
    "WeightedImps",
    "WeightedMatchpoints",
    "WeightedOutcome",
    "as_outcomes",
    "as_weight",
    "check_score",
    "contract_score",
    "display",
    "format_outcomes",
    "format_score",
    "format_scores",
    "format_weight",
    "imps",
    "is_possible_score",
    "knockout_average",
    "matchpoints",
    "other_tables_matchpoints",
    "parse_outcomes",
    "parse_score",
    "parse_scores",
    "parse_weight",
    "possible_scores",
    "rounded",
    "serious_error_imps",
    "serious_error_matchpoints",
    "split_imps",
    "split_matchpoints",
    "weighted_imps",
    "weighted_matchpoints",
]
