values {
  a = zipmap(["a"], distinct([1])).b
}
