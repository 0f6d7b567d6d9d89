values {
  a = zipmap(["a"], [1, 2])
}
