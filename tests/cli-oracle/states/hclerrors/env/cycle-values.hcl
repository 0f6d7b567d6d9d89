values {
  a = hv.b
  b = hv.c
  c = hv.a
}
