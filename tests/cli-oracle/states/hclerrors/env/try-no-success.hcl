values {
  a = try(1 + true, [][0])
}
