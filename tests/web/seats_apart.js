// Seats that overlap one another, the pile, its size or the due rank in the middle of the oval; evaluated in
// the page by test_screens.py.
(() => {
  const found = [];
  const seats = [...document.querySelectorAll('.ring .seat')]
    .map((el) => [el.innerText.split('\n')[0], el.getBoundingClientRect()]);
  for (const part of document.querySelectorAll('.ring .centre > *')) {
    seats.push([`the pile's ${part.className}`, part.getBoundingClientRect()]);
  }
  for (let i = 0; i < seats.length; i += 1) {
    for (let j = i + 1; j < seats.length; j += 1) {
      const [a, boxA] = seats[i];
      const [b, boxB] = seats[j];
      const apart = boxA.right <= boxB.left + 1 || boxB.right <= boxA.left + 1 || boxA.bottom <= boxB.top + 1 || boxB.bottom <= boxA.top + 1;
      if (!apart) {
        const across = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const down = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        found.push(`${a} overlaps ${b} by ${Math.round(across)}×${Math.round(down)} px`);
      }
    }
  }
  return found;
})
