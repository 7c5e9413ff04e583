// Podkidnoy durak's board: picking cards. A lead is one card or several of one rank; a defence
// is one card of the hand and the card on the table it beats (data-beats lists those). Loaded
// by the table page after static/js/table.js, whose "table:board" event says a board is in place.
(function () {
  "use strict";

  function rankOf(code) { return code ? code.charAt(0) : ""; }

  // Mirror the checked inputs as classes (.selected on hand cards, .chosen on targets), and
  // while defending show which cards on the table the chosen card can beat.
  function syncSelection() {
    var form = document.getElementById("hand-form");
    if (!form) { return; }
    form.querySelectorAll(".hand-card").forEach(function (card) {
      var input = card.querySelector("input");
      card.classList.toggle("selected", !!(input && input.checked));
    });
    var chosen = form.querySelector(".hand-card.selected");
    var beats = chosen && chosen.dataset.beats ? chosen.dataset.beats.trim().split(/\s+/) : [];
    document.querySelectorAll(".pair label.target").forEach(function (label) {
      var input = label.querySelector("input");
      label.classList.toggle("chosen", !!(input && input.checked));
      label.classList.toggle("can-beat", beats.indexOf(input && input.value) !== -1);
    });
    var count = form.querySelectorAll(".hand-card.selected").length;
    form.classList.toggle("has-selection", count > 0);
  }

  function onChange(event) {
    var input = event.target;
    var form = document.getElementById("hand-form");
    if (!form || !(input instanceof HTMLInputElement)) { return; }
    if (input.name === "cards" && input.checked && form.dataset.lead === "1") {
      // A lead is one card or several of ONE rank: picking another rank starts over.
      form.querySelectorAll("input[name=cards]:checked").forEach(function (other) {
        if (other !== input && rankOf(other.value) !== rankOf(input.value)) { other.checked = false; }
      });
    }
    if (input.name === "card" && input.form === form) {
      // Defending: if the chosen target cannot be beaten by this card, pick one it can beat.
      var label = input.closest(".hand-card");
      var beats = label && label.dataset.beats ? label.dataset.beats.trim().split(/\s+/) : [];
      var target = document.querySelector("input[name=target][form=hand-form]:checked");
      if (beats.length && (!target || beats.indexOf(target.value) === -1)) {
        var better = document.querySelector(
          "input[name=target][form=hand-form][value='" + beats[0] + "']");
        if (better) { better.checked = true; }
      }
    }
    syncSelection();
  }

  document.addEventListener("change", onChange);
  document.addEventListener("table:board", syncSelection);
  document.addEventListener("DOMContentLoaded", syncSelection);
})();
