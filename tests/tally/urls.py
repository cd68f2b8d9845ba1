from django.urls import path

from tests.tally import views

app_name = "tally"

urlpatterns = [path("", views.game_new, name="new"), *views.SHEET.url_patterns()]
