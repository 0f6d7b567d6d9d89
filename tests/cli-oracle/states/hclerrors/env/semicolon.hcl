values {
  a = 1;
}
