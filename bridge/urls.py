from django.urls import path

from bridge import views

app_name = "bridge"

urlpatterns = [
    path("", views.calculator_home, name="calculator_home"),
    path("rulings/<int:ruling_id>/", views.ruling, name="ruling"),
    path("rulings/<int:ruling_id>/ruling.pdf", views.ruling_pdf, name="ruling_pdf"),
    path("rulings/<int:ruling_id>/delete/", views.ruling_delete, name="ruling_delete"),
    path("<slug:calculation>/", views.calculator_page, name="calculator"),
]
