// The stud games' board (Caribbean, Oasis, Golden Oasis): one picker of your cards serves
// several moves (bet giving a card back, a change, an exchange). A button names its move in
// data-move; a click sets the picker form's action to it before the form is sent.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-move]");
    if (!button || !button.form) return;
    var field = button.form.querySelector("input[name=action]");
    if (field) field.value = button.getAttribute("data-move");
  }, true);
})();
