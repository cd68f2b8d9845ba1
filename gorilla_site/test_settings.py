"""Settings for the test suite: the app's own, with a fast password hasher.

Production hashes passwords with PBKDF2 at a million iterations, on purpose;
the suite creates an account in most tests and would spend half its time there.
"""

from gorilla_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
