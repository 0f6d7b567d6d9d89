values {
  a = foo::bar(1)
}
