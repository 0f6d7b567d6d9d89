values {
  a = foo::(1)
}
