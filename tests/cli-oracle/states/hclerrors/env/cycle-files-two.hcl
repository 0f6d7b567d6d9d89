values {
  b = hv.a
}
