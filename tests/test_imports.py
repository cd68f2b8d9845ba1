"""How the project's packages may import each other, read from the source with
``ast``: every import counts, at the top of a module, inside a function or
under ``TYPE_CHECKING``.

* A game (each app that registers one: ``scorepads.registry``, with the
  packages that no app is and that the game alone imports, as Gorilla's
  ``solver``) imports no other game: what games share is in ``scorepads``.
* ``scorepads``, the shared layer, imports no game and not the site
  (``card_table``), and the site imports no game: a game registers itself.
* No module imports itself through others (no circle of imports).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SHARED = ("scorepads", "card_table")


def project_packages() -> list[str]:
    """Every package of the project but the tests (as setup.py finds them)."""
    return sorted(path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name != "tests")


def registered_games() -> dict[str, str]:
    """The project's apps that register a game, by package: the game's name."""
    from django.apps import apps

    from scorepads import registry

    games = {}
    for kind in registry.kinds():
        config = apps.get_app_config(kind.app)
        if Path(config.path).resolve().parent == ROOT:
            games[config.name] = kind.label
    return games


PACKAGES = project_packages()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    modules = {}
    for package in PACKAGES:
        if (ROOT / package).is_dir():
            for path in sorted((ROOT / package).rglob("*.py")):
                modules[module_name(path)] = path
    return modules


MODULES = project_modules()


def imported(name: str, path: Path) -> dict[str, int]:
    """The project's modules that module ``name`` imports, each with the line of
    its first import: for ``from x import y`` the module ``x.y`` when there is
    one, else ``x``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        while target and target not in MODULES:  # a name inside a module: the module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.setdefault(target, line)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(filter(None, [*parent, base]))
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base, node.lineno)
    return found


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def top(name: str) -> str:
    return name.partition(".")[0]


def games() -> dict[str, str]:
    """Each package of a game, by its name: the apps that register one, and
    each package that no app is, the site's and the kit's aside, with the
    game of the apps that import it (Gorilla's solver, imported by pad)."""
    games = registered_games()
    for package in libraries(games):
        if len(users := games_importing(package, games)) == 1:
            games[package] = users.pop()
    return games


def libraries(registered: dict[str, str]) -> list[str]:
    """The project's packages that are no game's app, nor the kit or the site."""
    return [package for package in PACKAGES if package not in {*registered, *SHARED, "gorilla_site"}]


def games_importing(package: str, registered: dict[str, str]) -> set[str]:
    """The games whose apps import ``package``."""
    return {
        registered[top(name)]
        for name, targets in GRAPH.items()
        if top(name) in registered
        for target in targets
        if top(target) == package
    }


GAMES = games()


def where(name: str, line: int) -> str:
    return f"{MODULES[name].relative_to(ROOT)}:{line}"


def test_the_graph_reads_the_imports_the_project_has():
    """The reader finds imports of each kind (so the rules below do check something)."""
    assert len(MODULES) > 100
    assert "pad.rules" in GRAPH["pad.display"]  # from pad import rules
    assert "solver.cards" in GRAPH["solver.areas"]  # from .cards import ...
    assert "scorepads.recording" in GRAPH["pad.services"]  # from scorepads.recording import X
    assert "pad.summaries" in GRAPH["pad.services"]  # inside a function too
    assert all(target in MODULES for targets in GRAPH.values() for target in targets)


def test_the_games_are_the_registered_apps_and_what_they_alone_import():
    """Every game the project registers, each its app's; Gorilla's solver is Gorilla's."""
    from scorepads import registry

    assert {"pad", "two_way_street", "mahjong", "bridge"} <= set(GAMES)
    assert set(GAMES.values()) == {kind.label for kind in registry.kinds() if kind.app in GAMES}
    assert GAMES["solver"] == GAMES["pad"] == "Gorilla"
    assert "tests" not in GAMES and not set(SHARED) & set(GAMES)


def test_a_package_that_no_app_is_belongs_to_one_game_or_to_none():
    """A package two games import is shared, and belongs in scorepads."""
    registered = registered_games()
    shared = {package: users for package in libraries(registered) if len(users := games_importing(package, registered)) > 1}
    assert not shared, f"imported by more than one game (what games share is in scorepads): {shared}"


@pytest.mark.parametrize("game", sorted(set(GAMES.values())))
def test_a_game_imports_no_other_game(game):
    own = {package for package, name in GAMES.items() if name == game}
    wrong = [
        f"{where(name, line)} imports {target}"
        for name, targets in GRAPH.items()
        if top(name) in own
        for target, line in targets.items()
        if top(target) in GAMES and top(target) not in own
    ]
    assert not wrong, f"{game} imports another game:\n" + "\n".join(wrong)


@pytest.mark.parametrize("package", SHARED)
def test_the_shared_layer_and_the_site_import_no_game(package):
    if not (ROOT / package).is_dir():
        pytest.skip(f"there is no {package} package yet")
    forbidden = set(GAMES) | ({"card_table"} if package == "scorepads" else set())
    wrong = [
        f"{where(name, line)} imports {target}"
        for name, targets in GRAPH.items()
        if top(name) == package
        for target, line in targets.items()
        if top(target) in forbidden
    ]
    assert not wrong, f"{package} imports what stands on it:\n" + "\n".join(wrong)


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` of two modules or more (Tarjan's
    algorithm, without recursion), each as a circle of imports through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    parts = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        parts.append(sorted(part))
    return [circle_through(graph, part) for part in parts]


def circle_through(graph: dict[str, dict[str, int]], part: list[str]) -> list[str]:
    """A shortest circle of imports from the first module of ``part`` back to it."""
    start = part[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node]):
                if target == start:
                    return paths[node] + [start]
                if target in part and target not in paths:
                    paths[target] = paths[node] + [target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no circle through {part}")


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1, "d": 1}, "d": {}, "e": {"e": 1}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b": 1}, "b": {}}) == []


def test_no_module_imports_itself_through_others():
    found = circles(GRAPH)
    described = [
        " -> ".join(circle) + "\n    " + ", ".join(
            where(name, GRAPH[name][following]) for name, following in zip(circle, circle[1:])
        )
        for circle in found
    ]
    assert not found, "circles of imports:\n" + "\n".join(described)
