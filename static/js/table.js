// A live table page, for every game: a countdown per seat clock, the version guard, the error
// banner and the socket's state. Everything here only decorates what the server renders; the
// board comes from the server whole (an out-of-band swap of #table-board) or as the parts of it
// that changed since the board this page holds (each swapped out of band by its id; the server
// keeps what each socket holds, tables/board_frames.py). A game's own behaviour (picking cards, a bet slider) is in its
// own script (static/js/games/<game>.js, loaded by the page after this one), which may listen
// for "table:board" (fired on the document after each board is in place).
(function () {
  "use strict";

  // --- clocks: every element with data-deadline (epoch seconds) counts down, one per seat ----
  // the seconds' unit in the page's language (one language at a time: "10 с", not "10 s")
  var SECONDS = (document.documentElement.lang || "").indexOf("ru") === 0 ? " с" : " s";

  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil(parseFloat(el.dataset.deadline) - now));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      el.textContent = minutes ? minutes + ":" + (seconds < 10 ? "0" : "") + seconds : left + SECONDS;
      el.classList.toggle("urgent", left <= 10);
      el.classList.toggle("expired", left === 0);
    });
  }

  // --- the version guard: a board older than the one shown is never swapped in -------------
  // (frames of two sockets, or a reconnect's snapshot racing a broadcast, may arrive out of
  // order; the same version is swapped, for a seat's view and a spectator's differ).
  function boardVersion(el) {
    var version = el && el.dataset ? parseInt(el.dataset.version, 10) : NaN;
    return isNaN(version) ? null : version;
  }

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "table-board") { return; }
    var fragment = event.detail.fragment;
    var incoming = fragment && (fragment.id === "table-board" ? fragment
      : fragment.querySelector && fragment.querySelector("#table-board"));
    // the version shown: the board's own, or the newer one its parts brought (#board-version)
    var shown = boardVersion(document.getElementById("board-version")) || boardVersion(target);
    var offered = boardVersion(incoming);
    if (shown !== null && offered !== null && offered < shown) {
      event.detail.shouldSwap = false;
    }
  });

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

  // --- the hand history: refreshed as soon as a hand ends (its panel asks the server on
  // "table:hand-over"), not only on its timer; a whole board's version marker names the last
  // hand finished (tables/presenters.py, version_marker)
  var lastHand;  // undefined until the page's first board is read
  function handOver() {
    var marker = document.getElementById("board-version");
    var last = (marker && marker.dataset.lastHand) || "";
    if (lastHand === undefined) { lastHand = last; return; }
    if (last && last !== lastHand) {
      lastHand = last;
      document.body.dispatchEvent(new CustomEvent("table:hand-over"));
    }
  }

  function refresh() {
    tick();
    handOver();
    document.dispatchEvent(new CustomEvent("table:board"));
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) { return; }
    if (event.target.closest("#table-error .dismiss")) { clearError(); }
    // the table kit's quick stakes: a click types its amount into its money box
    var quick = event.target.closest(".kit-quick-stake");
    if (quick) {
      var box = quick.closest(".kit-money");
      var input = box && box.querySelector("input[type=text]");
      if (input) {
        input.value = quick.dataset.fill;
        box.querySelectorAll(".kit-quick-stake").forEach(function (b) {
          b.classList.toggle("chosen", b === quick);
        });
        input.focus();
      }
    }
  });
  // parts of a board bring its version marker: the board element shows that version too
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board-version") {
      // (the target is the element swapped out: the new one is read by its id)
      var marker = document.getElementById("board-version");
      var board = document.getElementById("table-board");
      if (board && marker) {
        board.dataset.version = marker.dataset.version;
        copyRoot(marker, board);
      }
    }
  });
  // a frame of parts whose board element's attributes changed (its phase, whose turn) carries
  // them on the marker, each named "data-root-<name>" (tables/presenters.py, root_attributes)
  var ROOT = "data-root-";
  var ROOT_KEPT = { "id": true, "hx-swap-oob": true, "data-version": true };
  function copyRoot(marker, board) {
    var carried = {};
    Array.prototype.forEach.call(marker.attributes, function (attribute) {
      if (attribute.name.indexOf(ROOT) === 0) { carried[attribute.name.slice(ROOT.length)] = attribute.value; }
    });
    if (!Object.keys(carried).length) { return; }
    Array.prototype.slice.call(board.attributes).forEach(function (attribute) {
      if (!ROOT_KEPT[attribute.name] && !(attribute.name in carried)) { board.removeAttribute(attribute.name); }
    });
    Object.keys(carried).forEach(function (name) { board.setAttribute(name, carried[name]); });
  }
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("DOMContentLoaded", refresh);
  // Only the table's own socket counts (the header keeps a lobby socket of its own).
  function fromTable(event) {
    return event.target && event.target.closest && !!event.target.closest(".table-page");
  }
  // An error is shown until the next view arrives (or the player closes it).
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (!fromTable(event)) { return; }
    if (event.detail.message.indexOf('id="board-version"') !== -1) { clearError(); }
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
