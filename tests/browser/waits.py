"""Waiting for a page's states, never for a time: what a test waits for is
something the page does (an answer drawn, its scripts run, htmx at rest)."""

from playwright.sync_api import Error as PlaywrightError

# Resolves once the page's scripts have run what the last event set off (a
# form sent, a request made, a region measured again): a task later, and two
# frames drawn.
SCRIPTS_SETTLED = "() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done))))"

# The classes htmx puts on the elements it works on: a request in flight, a
# swap still settling.
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"

# htmx at rest: none of its work under way.
HTMX_AT_REST = f"() => !document.querySelector('{HTMX_BUSY}')"


def scripts_settled(page):
    """Wait until the page has run what the last event set off; where that was
    a page of its own (a form sent without htmx), until that page has loaded."""
    try:
        page.evaluate(SCRIPTS_SETTLED)
    except PlaywrightError as error:
        if "destroyed" not in str(error) and "navigat" not in str(error):
            raise
    page.wait_for_load_state("load")


def htmx_at_rest(page):
    """Wait until every answer htmx asked for has come and been drawn, and the
    page's scripts have run what the last one set off."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function(HTMX_AT_REST)
    scripts_settled(page)


# Every entry tapped has its answer drawn: none is drawn at once and still
# waiting for the server (the pad's has-waiting, a seated sheet's waiting
# row), and htmx is at rest. The page shows the next entry the moment a tap
# is made, so what the next entry says is no sign that the server has it.
ENTRIES_ANSWERED = f"() => !document.querySelector('#pad.has-waiting, [data-entry-waiting], {HTMX_BUSY}')"


def entries_answered(page):
    """Wait until every entry tapped on the page is answered and drawn as stored."""
    page.wait_for_function(ENTRIES_ANSWERED)
    scripts_settled(page)


# An entry the page sends itself is kept on the phone as it leaves
# (static/scorepads/tap_queue.js: state "sending"), before its answer comes.
ENTRY_ON_ITS_WAY = """async () => {
    for (let tries = 0; tries < 200; tries += 1) {
        if ((await window.tapQueue.taps()).some((tap) => tap.state === "sending")) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("no entry kept on the phone as it left");
}"""


def entry_kept_on_its_way(page):
    """Wait until the entry the page is sending is kept on the phone."""
    page.evaluate(ENTRY_ON_ITS_WAY)


# A poll of the pad answered with a new pad (200), whether or not it was swapped in.
POLL_BROUGHT = "() => window.pollBrought === true"
NOTE_POLLS = (
    "document.addEventListener('htmx:afterRequest', (event) => {"
    " if (event.detail.requestConfig.verb === 'get' && event.detail.xhr.status === 200) window.pollBrought = true; })"
)


def holding_taps(page, address) -> list:
    """Open the pad at ``address`` with each entry's request held by the
    page's route (the list returned gets them, to send on or answer), and
    the polls that bring a new pad noted (:data:`POLL_BROUGHT`)."""
    held: list = []
    page.route("**/hands/", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    page.goto(address)
    page.evaluate(NOTE_POLLS)
    return held


def held_tap(page, held, waits: int = 500):
    """The newest entry's request the route holds, once it comes (the page's
    scripts run while the test waits, ``waits`` times at most)."""
    for _ in range(waits):
        if held:
            return held[-1]
        page.evaluate(SCRIPTS_SETTLED)
    raise AssertionError("the entry's request never reached the page's route")
