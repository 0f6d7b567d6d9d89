values {
  a = !1
}
