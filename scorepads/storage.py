"""Static files as deployed: whitenoise's compressed, hashed copies, named by
their hash even with DEBUG on (Django names the unhashed files then), so that
`make run` serves what production does."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticFiles(CompressedManifestStaticFilesStorage):
    def url(self, name, force=False):
        return super().url(name, force=True)
