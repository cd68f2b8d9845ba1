"""Comparing printed sheets page by page: with the sheets' own user-agent
stylesheet (scorepads/print_ua.css) and with WeasyPrint's whole one."""

import subprocess
from pathlib import Path

from PIL import Image, ImageChops

import scorepads.pdf
from scorepads.models import PrintedPdf


def page_images(content: bytes, directory: Path) -> list[Image.Image]:
    """The pages of the PDF ``content``, in order, drawn in a directory of their own."""
    assert content[:5] == b"%PDF-", content[:200]
    directory.mkdir()
    (directory / "sheet.pdf").write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "sheet.pdf", "page"], cwd=directory, check=True)
    return [Image.open(path).convert("RGB") for path in sorted(directory.glob("page-*.png"))]


def assert_printed_alike(print_sheets, directory: Path, monkeypatch) -> None:
    """``print_sheets()`` (a list of PDFs) prints the same pages, pixel for
    pixel, with WeasyPrint's user-agent stylesheet as with ours."""
    ours = [page_images(content, directory / f"ours-{index}") for index, content in enumerate(print_sheets())]
    PrintedPdf.objects.all().delete()  # the views keep what they printed
    weasyprint = scorepads.pdf._weasyprint()
    monkeypatch.setattr(scorepads.pdf, "_document_class", lambda: weasyprint.HTML)
    theirs = [page_images(content, directory / f"theirs-{index}") for index, content in enumerate(print_sheets())]

    assert [len(pages) for pages in ours] == [len(pages) for pages in theirs]
    assert all(ours)
    for sheet, (our_pages, their_pages) in enumerate(zip(ours, theirs)):
        for page, (our_page, their_page) in enumerate(zip(our_pages, their_pages), start=1):
            assert ImageChops.difference(our_page, their_page).getbbox() is None, f"sheet {sheet}, page {page} differs"
