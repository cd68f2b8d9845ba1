"""What a screen does to the words of a page, measured in the browser."""

# The words of an element's text (its own and its children's) that the screen
# breaks over two lines: given the element, a list of the words.
BROKEN_WORDS = """(element) => {
  const broken = [];
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    for (const match of node.data.matchAll(/[^\\s\\u2068\\u2069]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""
