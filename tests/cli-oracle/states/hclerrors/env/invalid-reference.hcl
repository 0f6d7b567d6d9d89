values {
  a = foo
}
