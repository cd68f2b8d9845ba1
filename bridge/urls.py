from django.urls import path
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from bridge import views
from bridge.table import TABLE

app_name = "bridge"

urlpatterns = [
    path("", views.calculator_home, name="calculator_home"),
    # The director's book of a day's rulings, and its taps (scorepads.table).
    path("books/<int:game_id>/", vary_on_headers("HX-Request")(require_GET(TABLE.page)), name="book"),
    path("books/<int:game_id>/undo/", require_POST(TABLE.hand_undo), name="hand_undo"),
    path("books/<int:game_id>/redo/", require_POST(TABLE.hand_redo), name="hand_redo"),
    path("books/<int:game_id>/rulings/<int:number>/change/", views.ruling_change, name="hand_change"),
    path("rulings/<int:ruling_id>/", views.ruling, name="ruling"),
    path("rulings/<int:ruling_id>/ruling.pdf", views.ruling_pdf, name="ruling_pdf"),
    path("rulings/<int:ruling_id>/delete/", views.ruling_delete, name="ruling_delete"),
    path("<slug:calculation>/", views.calculator_page, name="calculator"),
]
