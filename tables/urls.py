from django.urls import path

from tables import views

urlpatterns = [
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/sit/", views.table_sit, name="table_sit"),
    path("<int:table_id>/hands/", views.hand_list, name="hand_list"),
    path("<int:table_id>/hands/<int:number>/", views.hand_detail, name="hand_detail"),
]
