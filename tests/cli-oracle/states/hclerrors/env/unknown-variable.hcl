values {
  x = 1
  a = foo.x
}
