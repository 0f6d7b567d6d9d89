values {
  a = "x"[local.y]
}
