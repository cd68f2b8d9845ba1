"""What every template may read: the length limits of what players type, so a
form field's ``maxlength`` is the model's limit, written once in pad.models."""

from pad.models import IRREGULARITY_MAX_LENGTH, NAME_MAX_LENGTH


def limits(request):
    return {"limits": {"name": NAME_MAX_LENGTH, "irregularity": IRREGULARITY_MAX_LENGTH}}
