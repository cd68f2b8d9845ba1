"""The rulings out and back: the spreadsheet, one row per ruling, named by
its uid (never a database key): the table as the director filed it and each
input of the calculator in a column of its own, headed as the sheet names it,
and what they come to (scorepads.exports streams it); and the
``bridge-rulings/2`` file of the data download, which scorepads.restore
reads back."""

from __future__ import annotations

from bridge import calculator, display, services
from bridge.models import Ruling
from bridge.selectors import RULING_OWNER, ruling_row
from scorepads import access, restore
from scorepads.exports import CsvExport, in_chunks, write_document

# What the director filed beside the figures (all optional, "" when not given).
FILED = ("ns_pair", "ew_pair", "contract", "declarer", "auction", "director")
# The filed table's columns, headed as the ruling's sheet names them (the
# declarer is the seat's name: North, ...).
HEADER = [
    "ruling", "number", "date", "event", "board", "calculation", "vulnerability",
    *(display.FILED_LABELS[name] for name in FILED),
    *(field.label for field in calculator.INPUTS.values()),
    "result", "note",
]


def rows(ruling):
    """The ruling's row: each input as typed in its own column (empty when the
    calculation does not read it or it was left out)."""
    row = ruling_row(ruling)
    vulnerability = dict(calculator.VULNERABILITIES).get(ruling.vulnerability, ruling.vulnerability)
    table = [display.SEAT_NAMES.get(ruling.declarer, "") if name == "declarer" else getattr(ruling, name) for name in FILED]
    yield [
        ruling.uid, ruling.number, ruling.date, ruling.event, ruling.board, row.heading, vulnerability, *table,
        *(ruling.inputs.get(name, "") for name in calculator.INPUTS), row.summary, ruling.note,
    ]


CSV_EXPORT = CsvExport(stem="bridge-rulings", header=HEADER, rows=rows)


# The file of the data download: bridge-rulings/2 (scorepads.restore;
# bridge-rulings/1, which kept no time of saving, is still read). A ruling's
# uid is its identity in every copy (the key it was saved with, in files
# written before rulings were kept in books); its number is its book's, and
# a restored ruling takes the next number of its book.

FORMAT = "bridge-rulings/2"
FORMAT_1 = "bridge-rulings/1"
FIELDS_1 = ("uid", "date", "event", "board", "calculation", "inputs", "vulnerability", "note", *FILED)
FIELDS = {FORMAT: (*FIELDS_1, "saved_at"), FORMAT_1: FIELDS_1}


def account_data(user, out) -> None:
    """The rulings ``user`` made (never those staff may see beyond them), as a ``bridge-rulings/2`` document."""
    rulings = access.own(user, Ruling.objects.select_related("book"), members=RULING_OWNER).order_by("book__date", "number")
    write_document(out, FORMAT, (document_ruling(ruling) for ruling in in_chunks(rulings)), key="rulings")


def document_ruling(ruling: Ruling) -> dict:
    return {
        "uid": str(ruling.uid),
        "date": ruling.book.date.isoformat(),
        "saved_at": restore.moment(ruling.created_at),
        "event": ruling.event,
        "board": ruling.board,
        "calculation": ruling.calculation,
        "inputs": ruling.inputs,
        "vulnerability": ruling.vulnerability,
        "note": ruling.note,
        **{name: getattr(ruling, name) for name in FILED},
    }


def read_ruling(where: str, ruling: object, version: str = FORMAT) -> dict:
    fields = restore.Fields(where, ruling, FIELDS[version])
    uid = fields.uid()
    slug = fields.text("calculation")
    calculation = calculator.calculation(slug)
    if calculation is None:
        raise fields.problem("calculation", f"{slug!r} is not a calculation of the calculator")
    inputs = fields.get("inputs", dict, what="an object")
    if not all(isinstance(text, str) for text in inputs.values()):
        raise fields.problem("inputs", "each input must be a string")
    return {
        "uid": uid,
        "date": fields.date("date"),
        "saved_at": fields.moment("saved_at"),
        "event": fields.text("event"),
        "board": fields.number("board"),
        "calculation": calculation,
        "inputs": inputs,
        "vulnerability": fields.text("vulnerability", ""),
        "note": fields.text("note", ""),
        **{name: fields.text(name, "") for name in FILED},
    }


def read(document: object) -> list[dict]:
    version = restore.version_of(document, (FORMAT, FORMAT_1))
    rulings = restore.games_of(document, version, key="rulings")
    return restore.read_each(rulings, lambda where, ruling: read_ruling(where, ruling, version), noun="ruling")


def present(user, uids) -> set:
    return set(Ruling.objects.filter(**{RULING_OWNER: user}, uid__in=uids).values_list("uid", flat=True))


def write(spec: dict, user, job) -> Ruling:
    """Record the ruling again as the next of its book (the calculator checks it
    as it did; the book is made if the account has none of its date, and is
    the restore's until it is done), keeping the time it was first saved."""
    saved = services.ruling_record(
        user=user, job=job, **{k: v for k, v in spec.items() if k != "saved_at"}
    )
    if spec["saved_at"] is not None:
        Ruling.objects.filter(pk=saved.pk).update(created_at=spec["saved_at"])
        saved.created_at = spec["saved_at"]
    return saved


RESTORE = restore.Format(name=FORMAT, noun="ruling", read=read, uid=lambda spec: spec["uid"], present=present, write=write)
