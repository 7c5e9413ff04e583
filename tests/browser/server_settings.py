"""The settings of the browser tests' servers (tests/browser/conftest.py): casino/settings.py as
`make run` reads it, with passwords hashed with MD5 first, as Django advises for test runs. The
production hasher's 10^6 PBKDF2 rounds cost 0.235 s of CPU a password on the CI machine: each
server's demo (eleven logins, `manage.py loaddemo`) and each sign-in of a test paid it. What a
browser test looks at is the same: the login form, the session, the pages. A password hashed
otherwise still signs in (the production hashers follow)."""

from django.conf.global_settings import PASSWORD_HASHERS as PRODUCTION_HASHERS

from casino.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *PRODUCTION_HASHERS]

# A browser keeps the static files it has fetched for an hour (production sends 60 s; DEBUG's 0
# had every page ask again for each of its 6-8 scripts and stylesheets: a third of a page's load
# in the page audit, issue 51). What a page is made of is the same: the files do not change
# while a test runs.
SERVESTATIC_MAX_AGE = 3600
