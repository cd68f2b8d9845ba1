from django.urls import path

from mahjong import selectors, views
from scorepads import exports
from scorepads import views as shared

app_name = "mahjong"

urlpatterns = [
    path("", views.game_new, name="new"),
    path("scorer/", views.scorer, name="scorer"),
    path("blank.pdf", views.blank_pdf, name="blank_pdf"),
    path("games/<int:game_id>/", views.sheet, name="sheet"),
    path("games/<int:game_id>/hands/", views.hand_record, name="hand_record"),
    path("games/<int:game_id>/undo/", views.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/hands/<int:number>/", views.hand_change, name="hand_change"),
    path("games/<int:game_id>/accept/", shared.invitation_accept, {"seated": selectors.SEATED}, name="invitation_accept"),
    path("games/<int:game_id>/decline/", shared.invitation_decline, {"seated": selectors.SEATED}, name="invitation_decline"),
    path("games/<int:game_id>/leave/", shared.game_leave, {"seated": selectors.SEATED}, name="game_leave"),
    path("games/<int:game_id>/sheet.pdf", views.sheet_pdf, name="sheet_pdf"),
    path("games/<int:game_id>/blank.pdf", views.blank_pdf, name="game_blank_pdf"),
    path("games/<int:game_id>/hands.csv", exports.game_csv, {"slug": "mah-jongg"}, name="hands_csv"),
]
