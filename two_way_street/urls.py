from django.urls import path

from two_way_street import views

app_name = "two_way_street"

urlpatterns = [
    path("", views.game_new, name="new"),
    path("blank.pdf", views.blank_pdf, name="blank_pdf"),
    *views.SHEET.url_patterns(),
    path("games/<int:game_id>/ratings.csv", views.ratings_csv, name="ratings_csv"),
]
