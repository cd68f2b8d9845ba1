"""The changes between two drawings of a pad (scorepads.regions): applied as
htmx applies them to the pad drawn before, they make the pad drawn after, and
they touch only what changed. Pure: no database."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepads.regions import Region, changes

# A drawn pad, as the page holds it: each region's element by id, with the
# value it was drawn from and, for a region with rows, its rows' ids in order.


def drawn(regions: tuple[Region, ...]) -> dict:
    page: dict = {}

    def draw(region: Region) -> None:
        page[region.id] = (region.value, [row.id for row in region.rows])
        for row in region.rows:
            draw(row)

    for region in regions:
        draw(region)
    return page


def undraw(page: dict, element: str) -> None:
    _value, rows = page.pop(element)
    for row in rows:
        undraw(page, row)


def applied(page: dict, regions: tuple[Region, ...], after: tuple[Region, ...]) -> dict:
    """``page`` with the swaps from ``regions`` to ``after`` done as htmx does
    them: an element replaced whole, removed, or rows added to their holder."""
    page = {key: (value, list(rows)) for key, (value, rows) in page.items()}
    holders = {}

    def holder_of(region: Region) -> None:
        if region.rows_in:
            holders[region.rows_in] = region.id
        for row in region.rows:
            holder_of(row)

    for region in (*regions, *after):
        holder_of(region)
    swaps = changes(regions, after)
    assert swaps is not None
    for swap in swaps:
        if swap.how == "delete":
            (region,) = swap.regions
            parent = next(key for key, (_value, rows) in page.items() if region.id in rows)
            page[parent][1].remove(region.id)
            undraw(page, region.id)
        elif swap.holder:
            where, _, rows_in = swap.how.partition(":#")
            parent = holders[rows_in]
            added = [region.id for region in swap.regions]
            rows = page[parent][1]
            page[parent] = (page[parent][0], rows + added if where == "beforeend" else added + rows)
            for region in swap.regions:
                page.update(drawn((region,)))
        else:
            assert swap.how == "true"
            (region,) = swap.regions
            assert region.id in page, f"{region.id} is not on the page"
            undraw(page, region.id)
            page.update(drawn((region,)))
    return page


# Pads to draw: top-level regions, some with rows (a list, added to at its
# newest end), the rows with parts of their own.

values = st.integers(0, 3)


@st.composite
def pads(draw) -> tuple[Region, ...]:
    regions = []
    for index in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            newest = draw(st.sampled_from(["last", "first"]))
            rows = tuple(
                Region(
                    f"r{index}-{number}", "row", draw(values),
                    rows=tuple(Region(f"r{index}-{number}-{part}", "part", draw(values)) for part in range(draw(st.integers(0, 2)))),
                )
                for number in range(draw(st.integers(0, 5)))
            )
            regions.append(Region(f"r{index}", "list", draw(values), rows=rows, rows_in=f"r{index}-rows", newest=newest))
        else:
            regions.append(Region(f"r{index}", "leaf", draw(values)))
    return tuple(regions)


@st.composite
def changed(draw, pad: tuple[Region, ...]) -> tuple[Region, ...]:
    """``pad`` as a tap may change it: values changed, rows added at the newest
    end (numbered after the others), rows removed, parts changed."""
    result = []
    for region in pad:
        value = draw(values) if draw(st.booleans()) else region.value
        if not region.rows_in:
            result.append(region._replace(value=value))
            continue
        rows = []
        for row in region.rows:
            if draw(st.integers(0, 4)) == 0:
                continue  # removed
            parts = tuple(part._replace(value=draw(values)) if draw(st.booleans()) else part for part in row.rows)
            rows.append(row._replace(value=draw(values) if draw(st.integers(0, 3)) == 0 else row.value, rows=parts))
        start = max((int(row.id.rsplit("-", 1)[1]) for row in region.rows), default=-1) + 1
        added = [
            Region(f"{region.id}-{number}", "row", draw(values))
            for number in range(start, start + draw(st.integers(0, 3)))
        ]
        ordered = rows + added if region.newest == "last" else list(reversed(added)) + rows
        result.append(region._replace(value=value, rows=tuple(ordered)))
    return tuple(result)


@given(st.data())
@settings(max_examples=400)
def test_the_changes_turn_the_pad_before_into_the_pad_after(data):
    before = data.draw(pads())
    after = data.draw(changed(before))
    assert applied(drawn(before), before, after) == drawn(after)


@given(st.data())
@settings(max_examples=200)
def test_what_did_not_change_is_not_drawn_again(data):
    before = data.draw(pads())
    after = data.draw(changed(before))
    swaps = changes(before, after)
    redrawn = [region for swap in swaps if swap.how != "delete" for region in swap.regions]
    kept = {region.id: region for region in drawn_regions(before)}
    for region in redrawn:
        assert kept.get(region.id) != region, f"{region.id} is drawn again unchanged"
    assert changes(after, after) == []


def drawn_regions(regions):
    for region in regions:
        yield region
        yield from drawn_regions(region.rows)


def test_a_row_added_in_the_middle_redraws_its_list():
    before = (Region("chart", "list", 0, rows=(Region("a", "row", 1), Region("c", "row", 1)), rows_in="rows"),)
    after = (Region("chart", "list", 0, rows=(Region("a", "row", 1), Region("b", "row", 1), Region("c", "row", 1)), rows_in="rows"),)
    (swap,) = changes(before, after)
    assert swap.how == "true" and swap.regions == after


def test_a_row_added_to_a_list_that_takes_none_redraws_it():
    before = (Region("bar", "bar", 0, rows=(Region("number", "part", 1),)),)
    after = (Region("bar", "bar", 0, rows=(Region("number", "part", 1), Region("heading", "part", 1))),)
    (swap,) = changes(before, after)
    assert swap.how == "true" and swap.regions == after


def test_other_regions_are_no_change_of_the_pad():
    assert changes((Region("a", "leaf", 1),), (Region("b", "leaf", 1),)) is None
    assert changes((Region("a", "leaf", 1), Region("b", "leaf", 1)), (Region("b", "leaf", 1), Region("a", "leaf", 1))) is None


def test_a_part_found_by_its_place_is_replaced_there():
    row = Region("inning-3", "row", 3, rows=(Region("inning-3-4", "total", None, selector="#inning-3>:nth-child(4)"),))
    changed_row = row._replace(rows=(row.rows[0]._replace(value=7),))
    (swap,) = changes((Region("chart", "list", 0, rows=(row,), rows_in="rows"),), (Region("chart", "list", 0, rows=(changed_row,), rows_in="rows"),))
    assert swap.how == "outerHTML:#inning-3>:nth-child(4)" and swap.regions[0].value == 7
