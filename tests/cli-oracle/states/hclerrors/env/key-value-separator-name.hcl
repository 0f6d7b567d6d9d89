values {
  a = {x y}
}
