// The pad's rules (pad/rules.py), for drawing on the phone the pad as it will
// be while taps wait to be sent: which inning each mark joins, the running
// totals once definite, the score, the end of the game and the hand from which
// it was the partners' to win. The numbers (game point, winning lead) come
// from the server with the pad; tests check this against pad/rules.py.
"use strict";

(function (scope) {
  const COLUMNS = ["M", "P", "I"];

  function winner(partnership, fates, rules) {
    if (partnership >= rules.game_point && partnership - fates >= rules.winning_lead) return "partnership";
    if (fates >= rules.game_point && fates - partnership >= rules.winning_lead) return "fates";
    return null;
  }

  function score(hands) {
    let partnership = 0;
    for (const outcome of hands) if (outcome === "M") partnership += 1;
    return { partnership, fates: hands.length - partnership };
  }

  // A mark joins the current inning only if its column is not left of the previous mark's.
  function placeMarks(hands) {
    const innings = [];
    hands.split("").forEach((outcome, index) => {
      const column = COLUMNS.indexOf(outcome);
      const current = innings[innings.length - 1];
      if (!current || column < current[current.length - 1].column) innings.push([]);
      innings[innings.length - 1].push({ hand: index + 1, outcome, column });
    });
    return innings;
  }

  // A column's total is definite once a mark of the same inning lies to its
  // right, or once the inning is closed (a later inning began, or the game ended).
  function runningTotals(innings, gameOver) {
    const counts = [0, 0, 0];
    return innings.map((marks, index) => {
      for (const mark of marks) counts[mark.column] += 1;
      const closed = gameOver || index < innings.length - 1;
      const rightmost = Math.max(...marks.map((mark) => mark.column));
      return counts.map((count, column) => (closed || column < rightmost ? count : null));
    });
  }

  // The first hand after which counting every P as the partners' would have won them the game.
  function responsibleFrom(hands, rules) {
    let madeOrPossible = 0;
    let impossible = 0;
    for (let index = 0; index < hands.length; index += 1) {
      if (hands[index] === "I") impossible += 1; else madeOrPossible += 1;
      if (winner(madeOrPossible, impossible, rules) === "partnership") return index + 1;
    }
    return null;
  }

  /** Everything the chart shows for ``hands`` (a string such as "MPIM"). */
  function pad(hands, rules) {
    const { partnership, fates } = score(hands);
    const won = winner(partnership, fates, rules);
    const innings = placeMarks(hands);
    return {
      innings,
      totals: runningTotals(innings, won !== null),
      score: { partnership, fates },
      winner: won,
      responsibleFrom: responsibleFrom(hands, rules),
    };
  }

  /** Who deals hand ``number``: the first dealer, then the deal alternates every hand. */
  function dealer(number, firstDealer) {
    const other = firstDealer === "odd" ? "even" : "odd";
    return number % 2 === 1 ? firstDealer : other;
  }

  scope.padRules = { COLUMNS, pad, dealer, winner };
})(self);
