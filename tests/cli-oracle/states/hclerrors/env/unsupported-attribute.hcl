values {
  a = { x = 1 }
  b = hv.a.y
}
