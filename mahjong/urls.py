from django.urls import path

from mahjong import views

app_name = "mahjong"

urlpatterns = [
    path("", views.game_new, name="new"),
    path("scorer/", views.scorer, name="scorer"),
    path("blank.pdf", views.blank_pdf, name="blank_pdf"),
    *views.SHEET.url_patterns(),
    path("games/<int:game_id>/blank.pdf", views.blank_pdf, name="game_blank_pdf"),
]
