// A live table page: turn clocks, card selection, the error banner and the socket's state.
// Everything here only decorates what the server renders; the board itself always comes whole
// from the server (an out-of-band swap of #table-board), so nothing is kept between frames.
(function () {
  "use strict";

  // --- turn clocks: every element with data-deadline (epoch seconds) counts down -----------
  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil(parseFloat(el.dataset.deadline) - now));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      el.textContent = minutes ? minutes + ":" + (seconds < 10 ? "0" : "") + seconds : left + " s";
      el.classList.toggle("urgent", left <= 10);
      el.classList.toggle("expired", left === 0);
    });
  }

  // --- card selection ------------------------------------------------------------------------
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

  // --- the error banner ------------------------------------------------------------------------
  function clearError() {
    var error = document.getElementById("table-error");
    if (error) {
      error.textContent = "";
      error.removeAttribute("data-error");
    }
  }

  function setConnection(state) {
    var el = document.getElementById("table-connection");
    if (el) { el.dataset.state = state; }
  }

  function refresh() { tick(); syncSelection(); }

  document.addEventListener("change", onChange);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-error .dismiss")) { clearError(); }
  });
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("DOMContentLoaded", refresh);
  // Only the table's own socket counts (the header keeps a lobby socket of its own).
  function fromTable(event) {
    return event.target && event.target.closest && !!event.target.closest(".table-page");
  }
  // An error is shown until the next view arrives (or the player closes it).
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (!fromTable(event)) { return; }
    if (event.detail.message.indexOf('id="table-board"') !== -1) { clearError(); }
    var board = document.getElementById("table-board");
    if (board) { board.classList.remove("sending"); }
    setConnection("open");
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    if (fromTable(event)) { setConnection("open"); }
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (fromTable(event)) { setConnection("lost"); }
  });
  document.addEventListener("htmx:wsError", function (event) {
    if (fromTable(event)) { setConnection("lost"); }
  });
  // A click sends the form; until the answer arrives, the board shows it is waiting.
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var board = document.getElementById("table-board");
    if (board && board.contains(event.target)) { board.classList.add("sending"); }
  });
  setInterval(tick, 1000);
})();
