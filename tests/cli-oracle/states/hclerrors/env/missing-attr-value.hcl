values {
  a = {x, y}
}
