values {
  x = 1
  a = hb.x
}
