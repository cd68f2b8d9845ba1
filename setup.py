"""The wheel's packages, found rather than listed (pyproject.toml holds the
rest of the build): every package of the project but the tests, and the
site's templates and static files, which lie beside the packages in a
checkout and go into the wheel inside gorilla_site (pyproject.toml's
package-dir), where the settings look for them when installed."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(exclude=["tests", "tests.*"]), "gorilla_site.templates", "gorilla_site.static"])
